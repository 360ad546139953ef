# Models for the tournaments app.
