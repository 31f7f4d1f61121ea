// The panel's log on the browser side: one list item per action, sent once each. The kernel
// sends {start, lines, fold, title} to put `lines` from item `start` on (dropping what came
// after: an undo or a load); the first `fold` items go in a <details> whose summary is
// `title` (the setup's chance steps, folded). `shown` says how many items the position on view
// has reached; later ones are greyed out. A new view asks the kernel for every line.

function render({ model, el }) {
  el.classList.add("kit-log");
  const list = document.createElement("ol");
  el.appendChild(list);
  const items = []; // one <li> per action, in order, wherever it stands
  let folded = null; // the fold: {count, title, inner}

  function makeFold(count, title) {
    const holder = document.createElement("li");
    holder.className = "fold";
    const details = document.createElement("details");
    const summary = document.createElement("summary");
    summary.textContent = `${title} (${count} steps)`;
    const inner = document.createElement("ol");
    details.append(summary, inner);
    holder.appendChild(details);
    list.prepend(holder);
    return { count, title, inner, holder };
  }

  function setFold(count, title) {
    if (folded && folded.count === count && folded.title === title) return;
    if (folded) folded.holder.remove();
    folded = count > 0 ? makeFold(count, title) : null;
    items.forEach(place);
  }

  function place(item, index) {
    const inside = folded && index < folded.count;
    (inside ? folded.inner : list).appendChild(item);
  }

  function showReached() {
    const shown = model.get("shown");
    items.forEach((item, i) => item.classList.toggle("later", i >= shown));
    const last = items[Math.min(shown, items.length) - 1];
    const target = last && last.offsetParent ? last : null;
    if (target) el.scrollTop = target.offsetTop + target.offsetHeight - el.clientHeight + 4;
  }

  function receive(message) {
    if (!Array.isArray(message.lines)) return;
    while (items.length > message.start) items.pop().remove();
    for (const line of message.lines) {
      const item = document.createElement("li");
      item.textContent = line;
      item.value = items.length + 1;
      items.push(item);
      place(item, items.length - 1);
    }
    setFold(message.fold || 0, message.title || "");
    showReached();
  }

  // The log may be drawn hidden (a tab not open): once it shows, bring the last line into view.
  const seen = new ResizeObserver(showReached);
  seen.observe(el);
  model.on("msg:custom", receive);
  model.on("change:shown", showReached);
  model.send({ want: "lines" });
  return () => {
    seen.disconnect();
    model.off("msg:custom", receive);
    model.off("change:shown", showReached);
  };
}

export default { render };
