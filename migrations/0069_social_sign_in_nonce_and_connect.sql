-- Social sign-in (docs/adr/0155-social-sign-in-local-identity-provider.md): each round trip keeps
-- the OpenID Connect nonce its ID token must carry back, and, when a signed-in reader connects a
-- provider from settings, whose account the identity is to be linked to (null: a sign-in).
ALTER TABLE oauth_states ADD COLUMN nonce TEXT NOT NULL DEFAULT '';
ALTER TABLE oauth_states ADD COLUMN connect_user_id TEXT;
