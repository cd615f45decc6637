import { describe, expect, it } from "vitest";
import type { TFormField } from "../schemas/forms";
import { answerEntries, extractLeadFields, normalizePhone, SERVICE_NOT_SPECIFIED } from "./lead-fields";

const field = (id: string, type: TFormField["type"], label: string): TFormField => ({
  id,
  type,
  label,
  required: false,
  width: "full",
});

describe("extractLeadFields: zip", () => {
  it.each([["zip_code"], ["zipCode"], ["ZIP"], ["postal_code"], ["postalCode"], ["ZIP Code"]])(
    "finds the zip under the named key %s",
    (key) => {
      expect(extractLeadFields({ notes: "12345", [key]: "80202" }).zipCode).toBe("80202");
    },
  );

  it("prefers the named keys over keys that merely contain zip or postal", () => {
    expect(extractLeadFields({ "Your zip/postal": "10001", zip_code: "80202" }).zipCode).toBe("80202");
  });

  it("then takes any key containing zip or postal, and a zip inside other text", () => {
    expect(extractLeadFields({ "home-zip-area": "Denver, CO 80202-1234" }).zipCode).toBe("80202");
    expect(extractLeadFields({ "Postal (US)": "10001" }).zipCode).toBe("10001");
  });

  it("skips a named key whose value is not a zip and keeps looking", () => {
    expect(extractLeadFields({ zip: "unknown", postalCode: "30301" }).zipCode).toBe("30301");
  });

  it("then a zip-shaped value under a UUID key, then any zip-shaped value", () => {
    const uuid = "3f2b8c1e-9a4d-4f6b-8e2a-1c3d5e7f9a0b";
    expect(extractLeadFields({ area: "10001", [uuid]: "80202" }).zipCode).toBe("80202");
    expect(extractLeadFields({ area: "10001" }).zipCode).toBe("10001");
  });

  it("never takes a street number, a phone or a long number for a zip", () => {
    expect(
      extractLeadFields({ address: "12345 Main St", phone: "3035550100", sqft: "123456" }).zipCode,
    ).toBeNull();
  });

  it("accepts numeric answers", () => {
    expect(extractLeadFields({ zip: 80202 }).zipCode).toBe("80202");
  });
});

describe("extractLeadFields: city and state", () => {
  it("uses city/City and state/State first", () => {
    expect(extractLeadFields({ "Home city": "Boulder", City: "Denver", State: "CO" })).toMatchObject({
      city: "Denver",
      state: "CO",
    });
  });

  it("then keys containing the word, in any spelling", () => {
    expect(extractLeadFields({ homeCity: "Aurora", home_state: "Colorado" })).toMatchObject({
      city: "Aurora",
      state: "Colorado",
    });
  });

  it("does not take a key that only contains the letters (statement, velocity)", () => {
    expect(extractLeadFields({ statement: "CO", velocity: "fast" })).toMatchObject({
      city: null,
      state: null,
    });
  });

  it("ignores long free text under a state-like key", () => {
    expect(
      extractLeadFields({ "State your problem": "The roof leaks every time it rains hard" }).state,
    ).toBeNull();
  });
});

describe("extractLeadFields: service type", () => {
  it.each([
    ["service_type"],
    ["serviceType"],
    ["service"],
    ["interested_in_service"],
    ["service_needed"],
    ["type_of_service"],
    ["Service needed"],
  ])("finds the service under %s", (key) => {
    expect(extractLeadFields({ "customer service rating": "5", [key]: "Roof repair" }).serviceType).toBe(
      "Roof repair",
    );
  });

  it("then any key containing service, joining a multiple choice", () => {
    expect(extractLeadFields({ "Which services?": ["Gutters", "Siding"] }).serviceType).toBe(
      "Gutters, Siding",
    );
  });

  it("defaults to Not specified", () => {
    expect(extractLeadFields({ name: "Ann" }).serviceType).toBe(SERVICE_NOT_SPECIFIED);
    expect(extractLeadFields({ service: "   " }).serviceType).toBe(SERVICE_NOT_SPECIFIED);
  });
});

describe("extractLeadFields: e-mail", () => {
  it("takes the first valid address under an e-mail-like key, lower-cased", () => {
    expect(extractLeadFields({ notes: "write to x@y.co", "E-mail": "Ann@Example.COM" }).email).toBe(
      "ann@example.com",
    );
  });

  it("falls back to a name-like key holding an address", () => {
    expect(extractLeadFields({ username: "ann@example.com" }).email).toBe("ann@example.com");
  });

  it("does not take an address from an unrelated key or an invalid one", () => {
    expect(extractLeadFields({ comments: "ann@example.com", email: "ann@" }).email).toBeNull();
  });

  it("trusts a field the builder typed as e-mail before key names", () => {
    const entries = [
      { key: "Contact", value: "typed@example.com", type: "email" },
      { key: "email", value: "named@example.com" },
    ];
    expect(extractLeadFields(entries).email).toBe("typed@example.com");
  });
});

describe("extractLeadFields: phone", () => {
  it("normalises to digits and drops a leading US 1", () => {
    expect(extractLeadFields({ Phone: "+1 (303) 555-0100" }).phone).toBe("3035550100");
    expect(extractLeadFields({ mobileNumber: "303.555.0100" }).phone).toBe("3035550100");
    expect(extractLeadFields({ cell: "+44 20 7946 0958" }).phone).toBe("442079460958");
  });

  it("refuses too few digits", () => {
    expect(extractLeadFields({ phone: "555-0100" }).phone).toBeNull();
  });

  it("uses a tel-typed field whatever its label", () => {
    expect(extractLeadFields([{ key: "Best number", value: "3035550100", type: "tel" }]).phone).toBe(
      "3035550100",
    );
  });

  it("normalizePhone drops an extension", () => {
    expect(normalizePhone("303-555-0100 ext. 12")).toBe("3035550100");
  });
});

describe("extractLeadFields: name", () => {
  it("takes name-like keys and skips company and user names", () => {
    expect(extractLeadFields({ "Company name": "Acme", "Full name": "Ann Lee" }).name).toBe("Ann Lee");
    expect(extractLeadFields({ "Business name": "Acme", username: "ann" }).name).toBeNull();
  });

  it("joins first and last names", () => {
    expect(extractLeadFields({ first_name: "Ann", lastName: "Lee" }).name).toBe("Ann Lee");
  });

  it("falls back to a key containing name, never an address", () => {
    expect(extractLeadFields({ "Name of homeowner": "Ann Lee" }).name).toBe("Ann Lee");
    expect(extractLeadFields({ name: "ann@example.com" }).name).toBeNull();
  });
});

describe("answerEntries", () => {
  it("offers each answer under its label and its id, so both kinds of key are searched", () => {
    const fields = [
      field("3f2b8c1e-9a4d-4f6b-8e2a-1c3d5e7f9a0b", "text", "Where is the job?"),
      field("f-zip", "text", "Your area"),
      field("f-svc", "select", "What do you need?"),
    ];
    const entries = answerEntries(fields, { "f-zip": "80202", "f-svc": "Roof repair" });
    expect(entries).toHaveLength(4);
    // "f-zip" contains zip: found through the id even though the label says nothing.
    expect(extractLeadFields(entries)).toMatchObject({
      zipCode: "80202",
      serviceType: SERVICE_NOT_SPECIFIED,
    });
  });

  it("works on the demo roofing form", () => {
    const fields = [
      field("f-name", "text", "Full name"),
      field("f-phone", "tel", "Phone"),
      field("f-email", "email", "Email"),
      field("f-zip", "text", "Zip code"),
      field("f-service", "select", "Service needed"),
    ];
    const answers = {
      "f-name": "Ann Lee",
      "f-phone": "(303) 555-0100",
      "f-email": "ann@example.com",
      "f-zip": "80202",
      "f-service": "Full replacement",
    };
    expect(extractLeadFields(answerEntries(fields, answers))).toEqual({
      zipCode: "80202",
      city: null,
      state: null,
      serviceType: "Full replacement",
      email: "ann@example.com",
      name: "Ann Lee",
      phone: "3035550100",
    });
  });
});
