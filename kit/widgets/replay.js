// The replay slider on the browser side: the browser's own range input from 0 to `max`, with
// the step on view and the last step beside it. Dragging shows the step it would show; letting
// go (or Home, End, an arrow key, a click on the track) sets `value`.

function render({ model, el }) {
  const words = document.createElement("span");
  words.textContent = "step";
  const input = document.createElement("input");
  input.type = "range";
  input.min = "0";
  input.step = "1";
  input.setAttribute("aria-label", "the step on view");
  const readout = document.createElement("span");
  readout.className = "readout";
  el.append(words, input, readout);

  function say() {
    readout.textContent = `${input.value} of ${input.max}`;
  }

  function show() {
    input.max = String(model.get("max")); // first the end, so that the value fits in
    input.value = String(model.get("value"));
    say();
  }

  function choose() {
    model.set("value", Number(input.value));
    model.save_changes();
  }

  // The arrow keys are the slider's own: JupyterLab's notebook shortcuts are not to take them.
  input.addEventListener("keydown", (event) => event.stopPropagation());
  input.addEventListener("input", say);
  input.addEventListener("change", choose);
  model.on("change:value", show);
  model.on("change:max", show);
  show();
  return () => {
    model.off("change:value", show);
    model.off("change:max", show);
  };
}

export default { render };
