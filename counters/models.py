"""A count that expires: the rows behind counters.cache.CounterCache."""

from __future__ import annotations

from django.db import models


class Counter(models.Model):
    """One count of the rate limits (django-ratelimit's key for a window), until it expires."""

    name = models.CharField(max_length=250, primary_key=True)
    value = models.BigIntegerField()
    expires = models.DateTimeField(db_index=True)

    def __str__(self) -> str:
        return f"{self.name} = {self.value}"
