from django.urls import path

from billing import views

app_name = "billing"

urlpatterns = [
    path("", views.account, name="account"),
    path("status/", views.plan_status, name="status"),
    path("pricing/", views.pricing, name="pricing"),
    path("checkout/", views.checkout, name="checkout"),
    path("portal/", views.portal, name="portal"),
    path("corporate/", views.corporate, name="corporate"),
    path("webhook/", views.webhook, name="webhook"),
]
