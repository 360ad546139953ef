from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

# The seven rule presets (docs/rules.md#presets), one line each.
RULE_PRESETS = [
    ("Classic", "Two players, seven tiles each, draw when stuck; to 100 points or best of 1-5."),
    ("Single round", "Two to four players and one hand decides; tied blocked hands share the win."),
    ("Team draw", "Two players, or four as partners with all 28 tiles dealt; play to 100."),
    ("Draw", "Two to four players draw from the boneyard until they can play; play to 100."),
    ("Block", "Two to four players, no drawing: pass when you cannot play; play to 100."),
    ("All Fives", "Score whenever the open ends add up to a multiple of five, spinner included."),
    ("Brazilian partnership", "Two teams of two, pass when stuck, the blocker's side loses a tie."),
]


def home(request: HttpRequest) -> HttpResponse:
    return render(request, "home.html", {"rule_presets": RULE_PRESETS})
