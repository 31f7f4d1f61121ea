// The board widget's browser side: show the picture drawn in Python in a view the reader pans by
// dragging (or scrolling) once zoomed in, fill its two moving layers (the highlight when it
// changes; the pieces place by place, as the kernel sends the places that changed; the labels
// the pieces cover hidden), mark the selected place, and send a click on any place back as
// `selected` (a click on the selected place clears it). The zoom buttons, Ctrl and the wheel
// ask the kernel for a zoom, which draws the picture again at its scale; the view's width goes
// to the kernel so the whole board is drawn as wide as the page gives it. One delegated
// handler serves every place: each carries `data-node`. The timelines use the same module
// without the zoom (their `_view` is empty).

const SVG_NS = "http://www.w3.org/2000/svg";

function render({ model, el }) {
  el.classList.add("kit-board");
  const zooms = model.get("_view") !== undefined;
  const bar = document.createElement("div");
  bar.className = "kit-zoom";
  const view = document.createElement("div");
  view.className = "kit-view";
  if (zooms) el.append(bar);
  el.append(view);

  function layer(name) {
    return view.querySelector(`g.kit-${name}`);
  }

  function button(text, title, what) {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = text;
    b.title = title;
    b.addEventListener("click", () => model.send({ zoom: what }));
    return b;
  }

  function showBar() {
    const shown = model.get("_view") || {};
    const areas = shown.areas || [];
    const zoom = model.get("zoom");
    const parts = [
      button("−", "zoom out", "out"),
      button("+", "zoom in", "in"),
      button("whole map", "show the whole board", "all"),
    ];
    parts[0].disabled = zoom <= 1;
    parts[2].disabled = zoom <= 1;
    if (areas.length) {
      const pick = document.createElement("select");
      pick.title = "zoom to a region";
      pick.append(new Option("zoom to…", ""));
      for (const [name] of areas) pick.append(new Option(name, name));
      pick.addEventListener("change", () => {
        if (pick.value) model.send({ zoom: pick.value });
      });
      parts.push(pick);
    }
    bar.replaceChildren(...parts);
  }

  function showSelected() {
    const name = model.get("selected");
    for (const place of view.querySelectorAll(".place.selected")) {
      place.classList.remove("selected");
    }
    for (const place of view.querySelectorAll(".place[data-node]")) {
      if (place.getAttribute("data-node") === name) place.classList.add("selected");
    }
    el.dataset.selected = name;
  }

  function spotOf(pieces, name) {
    for (const spot of pieces.children) {
      if (spot.getAttribute("data-node") === name) return spot;
    }
    return null;
  }

  function cover(names) {
    const hidden = new Set(names);
    for (const place of view.querySelectorAll(".place[data-node]")) {
      place.classList.toggle("covered", hidden.has(place.getAttribute("data-node")));
    }
  }

  function putSpots(message) {
    if (message.covered) cover(message.covered);
    if (!message.spots) return;
    const pieces = layer("pieces");
    if (!pieces) return;
    if (message.all) pieces.replaceChildren();
    for (const name of message.gone) spotOf(pieces, name)?.remove();
    const holder = document.createElementNS(SVG_NS, "g");
    for (const [name, svg] of Object.entries(message.spots)) {
      holder.innerHTML = svg;
      const old = spotOf(pieces, name);
      if (old) old.replaceWith(holder.firstElementChild);
      else pieces.appendChild(holder.firstElementChild);
    }
  }

  function showHighlight() {
    const highlight = layer("highlight");
    if (highlight) highlight.innerHTML = model.get("_highlight_svg");
  }

  function scale() {
    return (model.get("_view") || {}).scale || 1;
  }

  function toCenter() {
    const center = model.get("_center") || [];
    if (center.length !== 2) return;
    view.scrollLeft = center[0] * scale() - view.clientWidth / 2;
    view.scrollTop = center[1] * scale() - view.clientHeight / 2;
  }

  // Whether the picture is drawn for the width the page gives it (a test clicks then).
  function settle() {
    const shown = model.get("_view");
    const drawn = shown && shown.width ? Math.abs(view.clientWidth - shown.width) <= 4 : true;
    el.dataset.settled = drawn || model.get("zoom") > 1 ? "yes" : "no";
  }

  function showPicture() {
    const shown = model.get("_view");
    view.innerHTML = model.get("_picture");
    if (shown && shown.height) {
      view.style.height = `${shown.height}px`;
      view.classList.toggle("zoomed", model.get("zoom") > 1);
    }
    showHighlight();
    showSelected();
    if (zooms) showBar();
    pending = false;
    toCenter();
    settle();
    model.send({ want: "pieces" });
  }

  function choose(event) {
    if (dragged) {
      dragged = false;
      event.preventDefault();
      return;
    }
    const target = event.target.closest("[data-node]");
    if (!target || !view.contains(target)) return;
    if (event.type === "keydown" && event.key !== "Enter" && event.key !== " ") return;
    event.preventDefault();
    const name = target.getAttribute("data-node");
    model.set("selected", name === model.get("selected") ? "" : name);
    model.save_changes();
  }

  // Panning by dragging: a drag of more than a few pixels moves the view, and is no click.
  let drag = null;
  let dragged = false;
  function press(event) {
    if (event.button !== 0 || !view.classList.contains("zoomed")) return;
    drag = { x: event.clientX, y: event.clientY, left: view.scrollLeft, top: view.scrollTop };
  }
  function move(event) {
    if (!drag) return;
    const dx = event.clientX - drag.x;
    const dy = event.clientY - drag.y;
    if (!dragged && Math.hypot(dx, dy) < 5) return;
    dragged = true;
    view.scrollLeft = drag.left - dx;
    view.scrollTop = drag.top - dy;
  }
  function release() {
    drag = null;
  }

  // The middle of the view, in canvas units, kept by the kernel so that a zoom keeps it.
  let settling = null;
  function scrolled() {
    clearTimeout(settling);
    settling = setTimeout(() => {
      if (!view.classList.contains("zoomed")) return;
      const s = scale();
      model.set("_center", [
        (view.scrollLeft + view.clientWidth / 2) / s,
        (view.scrollTop + view.clientHeight / 2) / s,
      ]);
      model.save_changes();
    }, 200);
  }

  // Ctrl (or ⌘) and the wheel zoom where the pointer is; one zoom at a time.
  let pending = false;
  function wheel(event) {
    if (!(event.ctrlKey || event.metaKey) || !zooms) return;
    event.preventDefault();
    if (pending) return;
    const box = view.getBoundingClientRect();
    const px = event.clientX - box.left;
    const py = event.clientY - box.top;
    const s = scale();
    const factor = event.deltaY < 0 ? 1.25 : 0.8;
    const at = [(view.scrollLeft + px) / s, (view.scrollTop + py) / s];
    pending = true;
    model.send({
      wheel: [factor, at[0], at[1], px - view.clientWidth / 2, py - view.clientHeight / 2],
    });
  }

  // The board's width on the page, for the kernel to draw the whole board that wide.
  const resized = new ResizeObserver(() => {
    settle();
    const width = Math.round(view.clientWidth);
    if (zooms && width > 0 && Math.abs(width - model.get("_width")) > 4) {
      model.set("_width", width);
      model.save_changes();
    }
  });

  showPicture();
  resized.observe(view);
  view.addEventListener("click", choose);
  view.addEventListener("keydown", choose);
  view.addEventListener("pointerdown", press);
  window.addEventListener("pointermove", move);
  window.addEventListener("pointerup", release);
  view.addEventListener("scroll", scrolled);
  view.addEventListener("wheel", wheel, { passive: false });
  model.on("change:_picture", showPicture);
  model.on("change:_center", toCenter);
  model.on("msg:custom", putSpots);
  model.on("change:_highlight_svg", showHighlight);
  model.on("change:selected", showSelected);
  return () => {
    resized.disconnect();
    window.removeEventListener("pointermove", move);
    window.removeEventListener("pointerup", release);
    model.off("change:_picture", showPicture);
    model.off("change:_center", toCenter);
    model.off("msg:custom", putSpots);
    model.off("change:_highlight_svg", showHighlight);
    model.off("change:selected", showSelected);
  };
}

export default { render };
