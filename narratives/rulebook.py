"""The `rules [topic]` reference: find a topic forgivingly, and say what was meant when it is not found."""

from __future__ import annotations

from narratives.templates import Templates, Topic


def overview(t: Templates) -> tuple[str, str]:
    """The overview topic (or the game's title) followed by the list of every topic."""
    first = next((topic for topic in t.topics if topic.name == "overview"), None)
    title = first.title if first else f"{t.title}: rules"
    listing = "Topics: " + ", ".join(topic.name for topic in t.topics) + "."
    return title, f"{first.text}\n\n{listing}" if first else listing


def find(t: Templates, wanted: str) -> Topic:
    """A topic by name, alias or unambiguous prefix; KeyError suggesting the closest name otherwise."""
    key = wanted.strip().lower()
    for topic in t.topics:
        if key == topic.name or key in topic.aliases:
            return topic
    starts = [topic for topic in t.topics if key and topic.name.startswith(key)]
    if len(starts) == 1:
        return starts[0]
    raise KeyError(_unknown(t, wanted))


def _unknown(t: Templates, wanted: str) -> str:
    owner = {topic.name: topic.name for topic in t.topics}
    owner.update({alias: topic.name for topic in t.topics for alias in topic.aliases})
    import difflib  # a typo's suggestion only: not paid at launch

    close = difflib.get_close_matches(wanted.strip().lower(), list(owner), n=1, cutoff=0.4)
    hint = f" Did you mean '{owner[close[0]]}'?" if close else ""
    names = ", ".join(topic.name for topic in t.topics)
    return f"No rules topic '{wanted}'.{hint} Topics: {names}."
