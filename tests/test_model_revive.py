"""Model values made again from a pickle (`pnp.model.base._revive`) are the values that
were pickled, the first of each type too: `__post_init__`, which puts fields in their
final form, is not applied to them a second time."""

import pickle

from pnp.model.base import Frozen, set_field


class Tagged(Frozen):
    """A model whose `__post_init__` is not idempotent: it marks its name once made."""

    name: str

    def __post_init__(self):
        set_field(self, "name", self.name + "!")


def test_the_first_value_of_a_type_revived_keeps_its_fields():
    made = Tagged(name="a")
    assert made.name == "a!"
    for _ in range(2):  # the first of its type revived, then one copied from it
        back = pickle.loads(pickle.dumps(made))
        assert type(back) is Tagged and back.name == "a!" and back == made
