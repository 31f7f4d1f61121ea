// The board widget's browser side: show the picture drawn in Python, fill its two moving layers
// (pieces, highlight) when they change, mark the selected place, and send a click on any place
// back as `selected`. One delegated handler serves every place: each carries `data-node`.

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

  function showPieces() {
    layer("pieces").innerHTML = model.get("_pieces_svg");
  }

  function showHighlight() {
    layer("highlight").innerHTML = model.get("_highlight_svg");
  }

  function showPicture() {
    el.innerHTML = model.get("_picture");
    showHighlight();
    showPieces();
    showSelected();
  }

  function choose(event) {
    const target = event.target.closest("[data-node]");
    if (!target || !el.contains(target)) return;
    if (event.type === "keydown" && event.key !== "Enter" && event.key !== " ") return;
    event.preventDefault();
    model.set("selected", target.getAttribute("data-node"));
    model.save_changes();
  }

  showPicture();
  el.addEventListener("click", choose);
  el.addEventListener("keydown", choose);
  model.on("change:_picture", showPicture);
  model.on("change:_pieces_svg", showPieces);
  model.on("change:_highlight_svg", showHighlight);
  model.on("change:selected", showSelected);
  return () => {
    el.removeEventListener("click", choose);
    el.removeEventListener("keydown", choose);
    model.off("change:_picture", showPicture);
    model.off("change:_pieces_svg", showPieces);
    model.off("change:_highlight_svg", showHighlight);
    model.off("change:selected", showSelected);
  };
}

export default { render };
