-- Group gifts (gift type 31, docs/product/1-product-screens-membership-header-search.md §1, §9;
-- docs/adr/0121-group-gifts.md): one checkout buys a membership for each of several recipients.
-- The checkout keeps the recipients; each gets a code of its own, tied to the purchase (group_id,
-- the checkout's id) so the giver can see which were redeemed. Existing codes are single gifts (29).
ALTER TABLE checkouts ADD COLUMN gift_recipient_emails TEXT;
ALTER TABLE gift_codes ADD COLUMN gift_type INTEGER NOT NULL DEFAULT 29 CHECK (gift_type IN (29, 31));
ALTER TABLE gift_codes ADD COLUMN group_id TEXT;
CREATE INDEX gift_codes_by_purchaser ON gift_codes (purchaser_id, group_id, created_at);
