-- A renewal that waits for the member's 3-D Secure authentication (Stripe's
-- invoice.payment_action_required; docs/adr/0188-renewal-needing-authentication.md): where the
-- member confirms the payment (the processor's hosted invoice page), until the invoice is paid.
ALTER TABLE memberships ADD COLUMN payment_action_url TEXT;
