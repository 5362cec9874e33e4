"""``{% load accounts %}``: ``{{ user|display_name }}``, what the site calls a person."""

from __future__ import annotations

from typing import Any

from django import template

from accounts import models

register = template.Library()


@register.filter
def display_name(user: Any) -> str:
    return models.display_name(user)
