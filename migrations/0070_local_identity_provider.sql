-- The local identity provider (development only; docs/adr/0155-social-sign-in-local-identity-provider.md):
-- the stand-in for Google, Facebook, Apple and X that the worker serves under /_/dev/identity/.
-- Its RS256 signing key (made on first use, published at its JWKS endpoint) and its one-use
-- authorization codes, each bound to the client, redirect URI, PKCE challenge and nonce it was
-- issued for.
CREATE TABLE local_identity_keys (
  kid TEXT PRIMARY KEY,
  private_jwk TEXT NOT NULL,
  public_jwk TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE TABLE local_identity_codes (
  code_hash TEXT PRIMARY KEY,
  provider TEXT NOT NULL,
  client_id TEXT NOT NULL,
  redirect_uri TEXT NOT NULL,
  code_challenge TEXT NOT NULL,
  nonce TEXT NOT NULL,
  identity TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  used_at INTEGER
);
