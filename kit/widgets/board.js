// The board widget's browser side: show the picture drawn in Python, fill its two moving layers
// (the highlight when it changes; the pieces place by place, as the kernel sends the places that
// changed), mark the selected place, and send a click on any place back as `selected` (a click
// on the selected place clears it). One delegated handler serves every place: each carries
// `data-node`.

function render({ model, el }) {
  el.classList.add("kit-board");

  function layer(name) {
    return el.querySelector(`g.kit-${name}`);
  }

  function showSelected() {
    const name = model.get("selected");
    for (const place of el.querySelectorAll(".place.selected")) {
      place.classList.remove("selected");
    }
    for (const place of el.querySelectorAll(".place[data-node]")) {
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

  function putSpots(message) {
    if (!message.spots) return;
    const pieces = layer("pieces");
    if (message.all) pieces.replaceChildren();
    for (const name of message.gone) spotOf(pieces, name)?.remove();
    const holder = document.createElementNS("http://www.w3.org/2000/svg", "g");
    for (const [name, svg] of Object.entries(message.spots)) {
      holder.innerHTML = svg;
      const old = spotOf(pieces, name);
      if (old) old.replaceWith(holder.firstElementChild);
      else pieces.appendChild(holder.firstElementChild);
    }
  }

  function showHighlight() {
    layer("highlight").innerHTML = model.get("_highlight_svg");
  }

  function showPicture() {
    el.innerHTML = model.get("_picture");
    showHighlight();
    showSelected();
    model.send({ want: "pieces" });
  }

  function choose(event) {
    const target = event.target.closest("[data-node]");
    if (!target || !el.contains(target)) return;
    if (event.type === "keydown" && event.key !== "Enter" && event.key !== " ") return;
    event.preventDefault();
    const name = target.getAttribute("data-node");
    model.set("selected", name === model.get("selected") ? "" : name);
    model.save_changes();
  }

  showPicture();
  el.addEventListener("click", choose);
  el.addEventListener("keydown", choose);
  model.on("change:_picture", showPicture);
  model.on("msg:custom", putSpots);
  model.on("change:_highlight_svg", showHighlight);
  model.on("change:selected", showSelected);
  return () => {
    el.removeEventListener("click", choose);
    el.removeEventListener("keydown", choose);
    model.off("change:_picture", showPicture);
    model.off("msg:custom", putSpots);
    model.off("change:_highlight_svg", showHighlight);
    model.off("change:selected", showSelected);
  };
}

export default { render };
