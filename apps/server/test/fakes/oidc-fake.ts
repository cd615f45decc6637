import { createHash, randomBytes } from "node:crypto";
import { exportJWK, generateKeyPair, SignJWT } from "jose";
import { sendJson, startHttpFake } from "./http-fake";

type TFakeUser = { sub: string; email: string; email_verified: boolean; name: string };

/**
 * A minimal OpenID Connect provider speaking Google's protocol: discovery, JWKS, an authorize endpoint
 * that approves `nextUser` at once, a token endpoint that checks the client secret and the PKCE
 * verifier (S256) and returns an RS256-signed ID token carrying the nonce, and userinfo.
 */
export async function startOidcFake(opts: { clientId: string; clientSecret: string }) {
  const { privateKey, publicKey } = await generateKeyPair("RS256");
  const jwk = { ...(await exportJWK(publicKey)), kid: "fake-key-1", alg: "RS256", use: "sig" };
  const codes = new Map<
    string,
    { challenge: string; redirectUri: string; nonce: string | null; user: TFakeUser }
  >();
  const tokens = new Map<string, TFakeUser>();
  const state: { nextUser: TFakeUser; tokenRequests: URLSearchParams[] } = {
    nextUser: {
      sub: "google-1",
      email: "google.user@example.com",
      email_verified: true,
      name: "Google User",
    },
    tokenRequests: [],
  };
  let issuer = "";
  const fake = await startHttpFake(async (req, res) => {
    const url = new URL(req.path, issuer);
    if (url.pathname === "/.well-known/openid-configuration") {
      return sendJson(res, 200, {
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        userinfo_endpoint: `${issuer}/userinfo`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ["code"],
        id_token_signing_alg_values_supported: ["RS256"],
        subject_types_supported: ["public"],
        code_challenge_methods_supported: ["S256"],
        scopes_supported: ["openid", "email", "profile"],
      });
    }
    if (url.pathname === "/jwks") return sendJson(res, 200, { keys: [jwk] });
    if (url.pathname === "/authorize") {
      const p = url.searchParams;
      if (p.get("client_id") !== opts.clientId || p.get("response_type") !== "code")
        return sendJson(res, 400, { error: "invalid_request" });
      if (p.get("code_challenge_method") !== "S256" || !p.get("code_challenge"))
        return sendJson(res, 400, { error: "pkce_required" });
      const code = randomBytes(16).toString("hex");
      const redirectUri = p.get("redirect_uri")!;
      codes.set(code, {
        challenge: p.get("code_challenge")!,
        redirectUri,
        nonce: p.get("nonce"),
        user: state.nextUser,
      });
      const back = new URL(redirectUri);
      back.searchParams.set("code", code);
      back.searchParams.set("state", p.get("state") ?? "");
      res.writeHead(302, { location: back.toString() });
      return res.end();
    }
    if (url.pathname === "/token" && req.method === "POST") {
      const form = new URLSearchParams(req.body);
      state.tokenRequests.push(form);
      const basic = req.headers.authorization?.startsWith("Basic ")
        ? Buffer.from(req.headers.authorization.slice(6), "base64").toString().split(":")
        : [form.get("client_id"), form.get("client_secret")];
      if (basic[0] !== opts.clientId || decodeURIComponent(basic[1] ?? "") !== opts.clientSecret) {
        return sendJson(res, 401, { error: "invalid_client" });
      }
      const grant = codes.get(form.get("code") ?? "");
      codes.delete(form.get("code") ?? "");
      const verifier = form.get("code_verifier") ?? "";
      const expected = createHash("sha256").update(verifier).digest("base64url");
      if (!grant || grant.challenge !== expected || grant.redirectUri !== form.get("redirect_uri")) {
        return sendJson(res, 400, { error: "invalid_grant" });
      }
      const accessToken = randomBytes(16).toString("hex");
      tokens.set(accessToken, grant.user);
      const idToken = await new SignJWT({
        email: grant.user.email,
        email_verified: grant.user.email_verified,
        name: grant.user.name,
        ...(grant.nonce ? { nonce: grant.nonce } : {}),
      })
        .setProtectedHeader({ alg: "RS256", kid: jwk.kid })
        .setIssuer(issuer)
        .setAudience(opts.clientId)
        .setSubject(grant.user.sub)
        .setIssuedAt()
        .setExpirationTime("10m")
        .sign(privateKey);
      return sendJson(res, 200, {
        access_token: accessToken,
        id_token: idToken,
        token_type: "Bearer",
        expires_in: 3600,
        scope: "openid email profile",
      });
    }
    if (url.pathname === "/userinfo") {
      const user = tokens.get(req.headers.authorization?.replace(/^Bearer /, "") ?? "");
      return user ? sendJson(res, 200, user) : sendJson(res, 401, { error: "invalid_token" });
    }
    return sendJson(res, 404, { error: "not_found" });
  });
  issuer = fake.url;
  return { ...fake, state, discoveryUrl: `${fake.url}/.well-known/openid-configuration` };
}
