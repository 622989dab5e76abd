"""The report: static HTML pages, report.json and a Markdown summary."""
