"""Staff tools: corporate organisations (hosts, limit, Stripe customer and subscription),
leads from the contact form, and read-only views of the mirrored Stripe state."""

from django.contrib import admin, messages

from billing import services
from billing.models import CorporateLead, Customer, Organisation, Subscription, WebhookEvent


class SubscriptionInline(admin.TabularInline):
    model = Subscription
    fields = ["stripe_id", "status", "current_period_end", "cancel_at_period_end", "fetched_at"]
    readonly_fields = fields
    extra = 0
    can_delete = False
    show_change_link = True

    def has_add_permission(self, request, obj=None) -> bool:
        return False


@admin.register(Organisation)
class OrganisationAdmin(admin.ModelAdmin):
    list_display = ["name", "tournament_player_limit", "stripe_customer_id", "created_at"]
    fields = ["name", "hosts", "tournament_player_limit", "stripe_customer_id", "stripe_price_id"]
    search_fields = ["name", "stripe_customer_id", "hosts__email"]
    filter_horizontal = ["hosts"]
    inlines = [SubscriptionInline]
    # Each action calls Stripe (and may start a paid subscription): only for staff who may
    # change organisations, never for those who may only look.
    actions = ["create_stripe_customer", "start_subscription", "refresh_from_stripe"]

    @admin.action(
        description="Create the Stripe customer of the selected organisations",
        permissions=["change"],
    )
    def create_stripe_customer(self, request, queryset):
        for organisation in queryset:
            try:
                services.create_organisation_customer(organisation=organisation)
            except services.BillingError as error:
                self.message_user(request, str(error), messages.ERROR)
            else:
                self.message_user(request, f"{organisation}: Stripe customer created.")

    @admin.action(
        description="Start the subscription of the selected organisations in Stripe",
        permissions=["change"],
    )
    def start_subscription(self, request, queryset):
        for organisation in queryset:
            try:
                started = services.start_organisation_subscription(organisation=organisation)
            except services.BillingError as error:
                self.message_user(request, str(error), messages.ERROR)
            else:
                self.message_user(request, f"{organisation}: subscription {started} started.")

    @admin.action(
        description="Refresh the subscriptions of the selected organisations",
        permissions=["change"],
    )
    def refresh_from_stripe(self, request, queryset):
        for organisation in queryset:
            try:
                count = services.refresh_organisation(organisation=organisation)
            except services.BillingError as error:
                self.message_user(request, str(error), messages.ERROR)
            else:
                self.message_user(request, f"{organisation}: {count} subscription(s) mirrored.")


@admin.register(CorporateLead)
class CorporateLeadAdmin(admin.ModelAdmin):
    list_display = ["organisation_name", "name", "email", "players", "handled", "created_at"]
    list_filter = ["handled"]
    list_editable = ["handled"]
    search_fields = ["organisation_name", "name", "email"]
    readonly_fields = ["user", "created_at"]


class ReadOnlyAdmin(admin.ModelAdmin):
    """Rows mirrored from Stripe: changed only by webhooks and refreshes, never by hand."""

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False


@admin.register(Subscription)
class SubscriptionAdmin(ReadOnlyAdmin):
    list_display = ["stripe_id", "user", "organisation", "status", "current_period_end"]
    list_filter = ["status"]
    search_fields = ["stripe_id", "stripe_customer_id", "user__email", "organisation__name"]


@admin.register(Customer)
class CustomerAdmin(ReadOnlyAdmin):
    list_display = ["stripe_id", "user", "created_at"]
    search_fields = ["stripe_id", "user__email"]


@admin.register(WebhookEvent)
class WebhookEventAdmin(ReadOnlyAdmin):
    list_display = ["stripe_id", "type", "received_at"]
    list_filter = ["type"]
    search_fields = ["stripe_id"]
