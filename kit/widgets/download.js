// A file sent by the kernel ({name, text}) is handed to the browser as a download.

function render({ model, el }) {
  function download(message) {
    if (typeof message.text !== "string") return;
    const url = URL.createObjectURL(new Blob([message.text], { type: "application/json" }));
    const link = document.createElement("a");
    link.href = url;
    link.download = message.name;
    el.appendChild(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10000);
  }

  model.on("msg:custom", download);
  return () => model.off("msg:custom", download);
}

export default { render };
