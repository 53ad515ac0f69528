-- Payment method kinds (docs/product/1-product-screens-membership-header-search.md §3: CreditCard,
-- ApplePayCard, GooglePayCard, PaypalAccount; docs/adr/0142-wallets-and-paypal.md): what the member's
-- payment method is, and what each charge was paid with, so the manage page and receipts name it.
ALTER TABLE payment_methods ADD COLUMN kind TEXT NOT NULL DEFAULT 'CreditCard' CHECK (kind IN ('CreditCard', 'ApplePayCard', 'GooglePayCard', 'PaypalAccount'));
ALTER TABLE charges ADD COLUMN payment_method_kind TEXT CHECK (payment_method_kind IN ('CreditCard', 'ApplePayCard', 'GooglePayCard', 'PaypalAccount'));
-- The local provider's payment methods: a card, or a card held by a wallet, or a PayPal account.
ALTER TABLE devpay_cards ADD COLUMN wallet TEXT CHECK (wallet IN ('apple_pay', 'google_pay', 'paypal'));
