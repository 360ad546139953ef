# Models for the games app.
