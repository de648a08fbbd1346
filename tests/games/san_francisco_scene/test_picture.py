"""The board picture shows the die table of the Bay crossings: a die face beside each place
one die from a bridge stops a token (on the loop, in the lane beside the space)."""
import io

from PIL import Image

import rendering.san_francisco_scene as picture

from .helpers import fresh, game


def test_each_loop_place_of_the_die_table_carries_its_die_face():
    view = game().view(fresh(4), None)
    image = Image.open(io.BytesIO(picture.render(view))).convert("RGB")
    index = {space["id"]: n for n, space in enumerate(view["board"])}
    marked = 0
    for route in view["routes"]:
        for space_id in route["faces"]:
            if space_id not in index:
                continue  # a stop in the Bay: its face is on its label
            x0, y0, _, _ = picture.face_box(index[space_id])
            corner = image.getpixel((int(x0) + 3, int(y0) + 3))
            assert min(corner) > 200, (space_id, corner)  # the die's white face
            marked += 1
    assert marked == 8  # 4–6 from the Golden Gate, 2–6 from the Bay Bridge
