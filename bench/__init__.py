"""Measured quality: page weight (pageweight), the HTTP benchmark (http), the soak (soak) and
the data they need (seed). `make bench` and `make soak` run them; README.md has the figures."""
