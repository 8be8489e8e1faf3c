"""Discord's documented limits, checked the way Discord checks them: each function returns the
list of problems (empty: Discord would accept it). The fake answers 400 (code 50035, "Invalid Form
Body") for any problem, and the harness fails the test with the list.

Sources: the Discord developer documentation (Application Commands, Message Components,
Interactions, Messages). Only what this bot can get wrong is checked.
"""

from __future__ import annotations

import re

CONTENT = 2000
ROWS = 5
BUTTONS_PER_ROW = 5
CUSTOM_ID = 100
LABEL = 80
SELECT_OPTIONS = 25
SELECT_TEXT = 100  # option label, value, description
PLACEHOLDER = 150
CHOICES = 25
CHOICE_TEXT = 100
OPTIONS = 25
UPLOAD = 10 * 1024 * 1024  # the default attachment limit of a server without boosts
DESCRIPTION = 1024  # an attachment's description (its alt text)
COMMAND_NAME = re.compile(r"^[-_\w]{1,32}$")
COMMAND_TOTAL = 4000  # name + description + every option's name, description and choices, per command


def message(payload: dict, files: list[tuple[str, bytes]], *, edit: bool = False) -> list[str]:
    """A message create/edit body (channel message, interaction response, follow-up)."""
    out = []
    content = payload.get("content")
    if content is not None and len(content) > CONTENT:
        out.append(f"content is {len(content)} characters (limit {CONTENT})")
    size = sum(len(data) for _, data in files)
    if size > UPLOAD:
        out.append(f"uploads are {size} bytes (limit {UPLOAD})")
    for a in payload.get("attachments") or []:
        text = a.get("description") if isinstance(a, dict) else None
        if text is not None and len(text) > DESCRIPTION:
            out.append(f"attachment {a.get('filename')!r}: description is {len(text)} characters "
                       f"(limit {DESCRIPTION})")
    rows = payload.get("components") or []
    out += components(rows)
    if not edit and not content and not files and not payload.get("embeds") and not rows \
            and not payload.get("poll") and not payload.get("sticker_ids"):
        out.append("empty message (code 50006)")
    return out


def components(rows: list[dict]) -> list[str]:
    out = []
    if len(rows) > ROWS:
        out.append(f"{len(rows)} action rows (limit {ROWS})")
    seen: set[str] = set()
    for r, row in enumerate(rows):
        if row.get("type") != 1:
            out.append(f"row {r}: top-level component of type {row.get('type')} is not an action row")
            continue
        items = row.get("components") or []
        if not items:
            out.append(f"row {r}: empty action row")
        buttons = [c for c in items if c.get("type") == 2]
        selects = [c for c in items if c.get("type") in (3, 5, 6, 7, 8)]
        if len(buttons) > BUTTONS_PER_ROW:
            out.append(f"row {r}: {len(buttons)} buttons (limit {BUTTONS_PER_ROW})")
        if selects and len(items) > 1:
            out.append(f"row {r}: a select menu must be alone in its row")
        for c in items:
            where = f"row {r} {c.get('custom_id') or c.get('url')!r}"
            cid = c.get("custom_id")
            if c.get("type") == 2 and c.get("style") == 5:
                if not c.get("url"):
                    out.append(f"{where}: link button without url")
            elif c.get("type") == 2 and c.get("style") == 6:
                pass  # premium button: sku_id
            else:
                if not cid:
                    out.append(f"{where}: missing custom_id")
                elif len(cid) > CUSTOM_ID:
                    out.append(f"{where}: custom_id is {len(cid)} characters (limit {CUSTOM_ID})")
                elif cid in seen:
                    out.append(f"{where}: custom_id used twice in one message")
                if cid:
                    seen.add(cid)
            if c.get("type") == 2:
                label = c.get("label") or ""
                if len(label) > LABEL:
                    out.append(f"{where}: label is {len(label)} characters (limit {LABEL})")
                if not label and not c.get("emoji"):
                    out.append(f"{where}: button without label or emoji")
            if c.get("type") == 3:
                opts = c.get("options") or []
                if not 1 <= len(opts) <= SELECT_OPTIONS:
                    out.append(f"{where}: {len(opts)} select options (1 to {SELECT_OPTIONS})")
                values = [o.get("value") for o in opts]
                if len(set(values)) != len(values):
                    out.append(f"{where}: select option values are not unique")
                for o in opts:
                    for key in ("label", "value"):
                        if not 1 <= len(o.get(key) or "") <= SELECT_TEXT:
                            out.append(f"{where}: option {key} {o.get(key)!r} (1 to {SELECT_TEXT} characters)")
                    if len(o.get("description") or "") > SELECT_TEXT:
                        out.append(f"{where}: option description over {SELECT_TEXT} characters")
                lo, hi = c.get("min_values", 1), c.get("max_values", 1)
                if not (0 <= lo <= hi <= max(len(opts), 1) and hi <= SELECT_OPTIONS):
                    out.append(f"{where}: min_values {lo} / max_values {hi} with {len(opts)} options")
            if c.get("type") in (3, 5, 6, 7, 8) and len(c.get("placeholder") or "") > PLACEHOLDER:
                out.append(f"{where}: placeholder over {PLACEHOLDER} characters")
    return out


def autocomplete(choices: list[dict]) -> list[str]:
    out = []
    if len(choices) > CHOICES:
        out.append(f"{len(choices)} autocomplete choices (limit {CHOICES})")
    for c in choices:
        name, value = c.get("name"), c.get("value")
        if not isinstance(name, str) or not 1 <= len(name) <= CHOICE_TEXT:
            out.append(f"choice name {name!r} (1 to {CHOICE_TEXT} characters)")
        if isinstance(value, str) and not 1 <= len(value) <= CHOICE_TEXT:
            out.append(f"choice value {value!r} (1 to {CHOICE_TEXT} characters)")
    return out


def commands(payload: list[dict]) -> list[str]:
    """A bulk overwrite of application commands."""
    out = []
    if len(payload) > 100:
        out.append(f"{len(payload)} chat commands (limit 100)")
    names = [c.get("name") for c in payload]
    if len(set(names)) != len(names):
        out.append("two commands share a name")
    for cmd in payload:
        out += _command(cmd, f"/{cmd.get('name')}")
        total = _chars(cmd)
        if total > COMMAND_TOTAL:
            out.append(f"/{cmd.get('name')}: {total} characters in all (limit {COMMAND_TOTAL})")
        contexts = cmd.get("contexts")
        if contexts is not None and not set(contexts) <= {0, 1, 2}:
            out.append(f"/{cmd.get('name')}: unknown contexts {contexts}")
    return out


def _command(item: dict, where: str) -> list[str]:
    out = []
    name, desc = item.get("name") or "", item.get("description") or ""
    if not COMMAND_NAME.match(name) or name != name.lower():
        out.append(f"{where}: name {name!r} (1-32 lower-case letters, digits, - or _)")
    if not 1 <= len(desc) <= 100:
        out.append(f"{where}: description is {len(desc)} characters (1 to 100)")
    for loc, text in (item.get("description_localizations") or {}).items():
        if not 1 <= len(text) <= 100:
            out.append(f"{where}: {loc} description is {len(text)} characters (1 to 100)")
    for loc, text in (item.get("name_localizations") or {}).items():
        if not COMMAND_NAME.match(text):
            out.append(f"{where}: {loc} name {text!r}")
    options = item.get("options") or []
    if len(options) > OPTIONS:
        out.append(f"{where}: {len(options)} options (limit {OPTIONS})")
    onames = [o.get("name") for o in options]
    if len(set(onames)) != len(onames):
        out.append(f"{where}: two options share a name")
    optional_seen = False
    for opt in options:
        sub = f"{where} {opt.get('name')}"
        out += _command(opt, sub)
        if opt.get("type") in (1, 2):
            continue
        if opt.get("required"):
            if optional_seen:
                out.append(f"{sub}: a required option after an optional one")
        else:
            optional_seen = True
        choices = opt.get("choices") or []
        if len(choices) > CHOICES:
            out.append(f"{sub}: {len(choices)} choices (limit {CHOICES})")
        if choices and opt.get("autocomplete"):
            out.append(f"{sub}: choices and autocomplete together")
        for c in choices:
            if not 1 <= len(c.get("name") or "") <= CHOICE_TEXT:
                out.append(f"{sub}: choice name {c.get('name')!r}")
            if isinstance(c.get("value"), str) and not 1 <= len(c["value"]) <= CHOICE_TEXT:
                out.append(f"{sub}: choice value {c.get('value')!r}")
    return out


def _chars(item: dict) -> int:
    total = len(item.get("name") or "") + len(item.get("description") or "")
    for c in item.get("choices") or []:
        total += len(c.get("name") or "") + len(str(c.get("value") or ""))
    for opt in item.get("options") or []:
        total += _chars(opt)
    return total


_USER_MENTION = re.compile(r"(?<!\\)<@!?(\d+)>")
_ROLE_MENTION = re.compile(r"(?<!\\)<@&(\d+)>")
_EVERYONE = re.compile(r"(?<!\\)@(everyone|here)")


def notified(payload: dict) -> tuple[set[int], set[int], bool]:
    """Who a message create/edit body notifies, as Discord decides it: the users, the roles and
    whether everyone, among the mentions its content holds (a backslash before one makes it text),
    as far as its ``allowed_mentions`` allow (absent: everything the content mentions)."""
    content = payload.get("content") or ""
    users = {int(u) for u in _USER_MENTION.findall(content)}
    roles = {int(r) for r in _ROLE_MENTION.findall(content)}
    everyone = bool(_EVERYONE.search(content))
    allowed = payload.get("allowed_mentions")
    if allowed is None:
        return users, roles, everyone
    parse = set(allowed.get("parse") or ())
    if "users" not in parse:
        users &= {int(u) for u in allowed.get("users") or ()}
    if "roles" not in parse:
        roles &= {int(r) for r in allowed.get("roles") or ()}
    return users, roles, everyone and "everyone" in parse

