"""View models and templates for the web reader's pages: what a page shows beside each citation, the endpoint
listing of the offline ``/docs`` page, and the Jinja templates and static assets."""

from __future__ import annotations

from importlib import resources
from typing import Any

from fastapi.templating import Jinja2Templates

from pincite.types import DocumentKind, Role
from pincite.web.reader import MINORITY_ROLES, ROLE_NAMES

WEB = resources.files("pincite") / "web"
STATIC = WEB / "static"


def page_templates(token_required: bool) -> Jinja2Templates:
    """The reader's templates; ``token_required`` tells the pages to offer the sign-in link."""
    templates = Jinja2Templates(directory=str(WEB / "templates"))
    templates.env.globals["token_required"] = token_required
    return templates


def answer_view(ans: Any) -> dict[str, Any]:
    """The answer's JSON with what the page shows beside each citation (link, role warning, version)."""
    data = ans.to_json()
    for c, shown in zip(data["citations"], ans.citations):
        doc = shown.candidate.doc
        ordinal = int(c["unit_id"].rsplit(":u", 1)[1])
        c["href"] = f"/documents/{doc.id}?hl={c['char_start']}-{c['char_end']}&unit={ordinal}#hl"
        role = Role(c["role"]) if c["role"] else None
        c["minority"] = role in MINORITY_ROLES
        c["role_text"] = ROLE_NAMES.get(role, "") if role else ""
        c["version_date"] = (doc.version or {}).get("date") if isinstance(doc.version, dict) else None
        c["is_statute"] = doc.kind is DocumentKind.STATUTE
    for c, shown in zip(data["leads"], ans.leads):  # an abstention's where-to-look, linked as citations are
        ordinal = int(c["unit_id"].rsplit(":u", 1)[1])
        c["href"] = f"/documents/{shown.candidate.doc.id}?hl={c['char_start']}-{c['char_end']}&unit={ordinal}#hl"
    by_n = {c["n"]: c for c in data["citations"]}
    for claim in data["claims"]:
        claim["links"] = [by_n[n] for n in claim["citations"] if n in by_n]
    return data


def api_listing(spec: dict[str, Any]) -> list[dict[str, Any]]:
    """The endpoints of the OpenAPI document, for the offline /docs page."""
    out = []
    for path, ops in spec.get("paths", {}).items():
        for method, op in ops.items():
            params = [{"name": p["name"], "in": p["in"], "required": p.get("required", False),
                       "description": p.get("description") or p.get("schema", {}).get("description", "")}
                      for p in op.get("parameters", [])]
            body = None
            content = op.get("requestBody", {}).get("content", {})
            if content:
                ctype, spec_body = next(iter(content.items()))
                ref = spec_body.get("schema", {}).get("$ref", "")
                if ref:
                    name = ref.rsplit("/", 1)[-1]
                    props = spec.get("components", {}).get("schemas", {}).get(name, {}).get("properties", {})
                    body = {"type": ctype, "fields": [{"name": k, "description": v.get("description", ""),
                                                       "default": v.get("default")} for k, v in props.items()]}
                else:
                    props = spec_body.get("schema", {}).get("properties", {})
                    body = {"type": ctype, "fields": [{"name": k, "description": "", "default": None}
                                                      for k in props]}
            out.append({"method": method.upper(), "path": path, "summary": op.get("summary", ""),
                        "tag": (op.get("tags") or [""])[0], "params": params, "body": body})
    return out
