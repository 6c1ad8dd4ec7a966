"""Cut-ready output: where a knife, a laser or a cutting machine goes.

The sheets layer places every piece; `paths` turns each page's placements into cut
paths in page millimetres (hexes, card rectangles, token circles, shared straight
cuts), carried beside a Document's pages as data. From those:

- `files`: a cut file per page (SVG, DXF in millimetres) holding only the cut paths;
- `contour`: the finished PDF post-processed so every cut line is a `CutContour` spot
  colour stroke on an optional-content layer "Cut", the artwork on a layer "Print";
- `registration`: print-and-cut marks for Silhouette and Cricut machines and the area
  inside which a page's pieces must lie for them (templates/sheets/cut.yaml).

`options` holds the user's choices (`--cut-files`, `--cut-contour`, `--registration`),
`write` applies them to a component's documents.
"""
