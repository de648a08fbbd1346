"""What whoever runs the bot watches: /healthz and /metrics (MARQUEE_HTTP_PORT), and the logs."""
