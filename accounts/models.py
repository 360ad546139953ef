# Models for the accounts app.
