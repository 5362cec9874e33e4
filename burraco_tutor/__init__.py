"""The Django project: settings from the environment, root URLs, WSGI/ASGI, site-wide views."""
