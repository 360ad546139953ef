# Models for the billing app.
