import { sendJson, startHttpFake } from "./http-fake";

/**
 * Speaks Twilio's GET /2010-04-01/Accounts/{Sid}.json with HTTP Basic auth: the account for the right
 * SID and token, 401 with Twilio's error body (code 20003) otherwise.
 */
export async function startTwilioAccountFake(account: {
  sid: string;
  authToken: string;
  friendlyName: string;
}) {
  return startHttpFake((req, res) => {
    const match = /^\/2010-04-01\/Accounts\/([^/]+)\.json$/.exec(req.path);
    if (req.method !== "GET" || !match)
      return sendJson(res, 404, { code: 20404, message: "Not found", status: 404 });
    const expected = `Basic ${Buffer.from(`${account.sid}:${account.authToken}`).toString("base64")}`;
    if (req.headers.authorization !== expected || decodeURIComponent(match[1]!) !== account.sid) {
      return sendJson(res, 401, {
        code: 20003,
        message: "Authenticate",
        more_info: "https://www.twilio.com/docs/errors/20003",
        status: 401,
      });
    }
    return sendJson(res, 200, {
      sid: account.sid,
      friendly_name: account.friendlyName,
      status: "active",
      type: "Full",
      date_created: "Mon, 01 Jun 2026 00:00:00 +0000",
    });
  });
}
