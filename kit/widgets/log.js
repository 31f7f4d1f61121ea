// The panel's log on the browser side: one list item per action, sent once each. The kernel
// sends {start, lines} to put `lines` from item `start` on (dropping what came after: an undo or
// a load), and `shown` says how many items the position on view has reached; later ones are
// greyed out. A new view asks the kernel for every line.

function render({ model, el }) {
  el.classList.add("kit-log");
  const list = document.createElement("ol");
  el.appendChild(list);

  function showReached() {
    const shown = model.get("shown");
    const items = list.children;
    for (let i = 0; i < items.length; i++) items[i].classList.toggle("later", i >= shown);
    const last = items[Math.min(shown, items.length) - 1];
    if (last) el.scrollTop = last.offsetTop + last.offsetHeight - el.clientHeight + 4;
  }

  function receive(message) {
    if (!Array.isArray(message.lines)) return;
    while (list.children.length > message.start) list.lastChild.remove();
    for (const line of message.lines) {
      const item = document.createElement("li");
      item.textContent = line;
      list.appendChild(item);
    }
    showReached();
  }

  model.on("msg:custom", receive);
  model.on("change:shown", showReached);
  model.send({ want: "lines" });
  return () => {
    model.off("msg:custom", receive);
    model.off("change:shown", showReached);
  };
}

export default { render };
