from django import forms

from billing.models import CorporateLead


class CorporateLeadForm(forms.ModelForm):
    """The corporate plan contact form."""

    class Meta:
        model = CorporateLead
        fields = ["name", "email", "organisation_name", "players", "message"]
        labels = {
            "name": "Your name",
            "email": "Email",
            "organisation_name": "Organisation",
            "players": "Players in your largest tournament",
            "message": "Anything else we should know (optional)",
        }
        widgets = {"message": forms.Textarea(attrs={"rows": 4})}
