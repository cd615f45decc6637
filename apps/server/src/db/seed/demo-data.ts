/** The demo company a newcomer meets on first start. Plain data; seed-demo.ts writes it. */

export const DEMO_PASSWORD = "Leadpost!2026";

export const DEMO_COMPANY = {
  name: "Summit Home Services",
  adminEmail: "owner@leadpost.test",
  senderName: "Summit Home Services",
  creditValueUsd: 1,
};

/** The demo company's plan, set as a platform admin would set one by hand (nothing is billed). */
export const DEMO_TIER = "pro" as const;

export const DEMO_USERS = [
  { email: "owner@leadpost.test", name: "Olivia Owner", role: "owner" as const },
  { email: "manager@leadpost.test", name: "Marcus Manager", role: "org_admin" as const },
  { email: "member@leadpost.test", name: "Mia Member", role: "member" as const },
  // The platform admin of the demo (PLATFORM_ADMIN_EMAILS defaults to it outside production).
  { email: "admin@leadpost.test", name: "Pat Platform", role: "org_admin" as const },
  { email: "buyer@leadpost.test", name: "Ben Buyer", role: null },
];

export const DEMO_NICHES = [
  { name: "Roofing", price: 45 },
  { name: "HVAC", price: 30 },
  { name: "Solar", price: 60 },
  { name: "Plumbing", price: 25 },
];

type TDemoBuyer = {
  email: string;
  contactName: string;
  companyName: string;
  phoneNumber: string;
  zipCode: string;
  serviceRadius: number;
  niche: string;
  status: "active" | "inactive" | "pending";
  userEmail?: string;
  allYouCanEat?: boolean;
  costPerLead?: number;
  prepaid?: { total: number; remaining: number };
  credits?: number;
  /** Caps on its own clock (docs/routing.md "Caps, delivery hours and pauses"). */
  caps?: { timeZone: string; dailyCap: number; weeklyCap?: number };
};

export const DEMO_BUYERS: TDemoBuyer[] = [
  {
    email: "buyer@leadpost.test",
    contactName: "Ben Buyer",
    companyName: "Front Range Roofing",
    phoneNumber: "(303) 555-0142",
    zipCode: "80202",
    serviceRadius: 40,
    niche: "Roofing",
    status: "active",
    userEmail: "buyer@leadpost.test",
    costPerLead: 40,
    credits: 150,
  },
  {
    email: "dispatch@peakroofers.test",
    contactName: "Dana Reyes",
    companyName: "Peak Roofers",
    phoneNumber: "(720) 555-0188",
    zipCode: "80302",
    serviceRadius: 25,
    niche: "Roofing",
    status: "active",
    prepaid: { total: 20, remaining: 14 },
    // The capped buyer of the demo: 20 leads a day, 80 a week, Denver time.
    caps: { timeZone: "America/Denver", dailyCap: 20, weeklyCap: 80 },
  },
  {
    email: "leads@mileclimate.test",
    contactName: "Sam Ortiz",
    companyName: "Mile High Climate",
    phoneNumber: "(303) 555-0110",
    zipCode: "80220",
    serviceRadius: 30,
    niche: "HVAC",
    status: "active",
    allYouCanEat: true,
  },
  {
    email: "hello@sunpeak.test",
    contactName: "Priya Shah",
    companyName: "SunPeak Solar",
    phoneNumber: "(512) 555-0199",
    zipCode: "78701",
    serviceRadius: 60,
    niche: "Solar",
    status: "active",
    costPerLead: 55,
    credits: 40,
  },
  {
    email: "office@rapidrooter.test",
    contactName: "Leo Park",
    companyName: "Rapid Rooter",
    phoneNumber: "(303) 555-0133",
    zipCode: "80014",
    serviceRadius: 15,
    niche: "Plumbing",
    status: "inactive",
  },
  {
    email: "owner@hailguard.test",
    contactName: "Grace Kim",
    companyName: "HailGuard Exteriors",
    phoneNumber: "",
    zipCode: "80525",
    serviceRadius: 50,
    niche: "Roofing",
    status: "pending",
  },
];

export const DEMO_FORMS = [
  {
    title: "Roof Replacement Quote",
    description: "Free estimate for roof repair or replacement.",
    niche: "Roofing",
    status: "published" as const,
    saleCap: 2,
    enableMultistep: true,
    fields: [
      {
        id: "f-heading",
        type: "heading",
        label: "Get your free roofing quote",
        required: false,
        headingLevel: 2,
      },
      { id: "f-name", type: "text", label: "Full name", required: true, width: "half" },
      { id: "f-phone", type: "tel", label: "Phone", required: true, width: "half" },
      { id: "f-email", type: "email", label: "Email", required: true, width: "full" },
      {
        id: "f-break",
        type: "break",
        label: "Step 2",
        required: false,
        nextButtonText: "Next",
        previousButtonText: "Back",
      },
      { id: "f-zip", type: "text", label: "Zip code", required: true, width: "third" },
      {
        id: "f-service",
        type: "select",
        label: "Service needed",
        required: true,
        options: ["Roof repair", "Full replacement", "Storm damage inspection"],
      },
      { id: "f-details", type: "textarea", label: "Tell us about your roof", required: false },
      { id: "f-submit", type: "submit", label: "Request my quote", required: false },
    ],
  },
  {
    title: "HVAC Service Request",
    description: "Heating and cooling repairs and installs.",
    niche: "HVAC",
    status: "published" as const,
    saleCap: 3,
    enableMultistep: false,
    fields: [
      { id: "h-name", type: "text", label: "Name", required: true },
      { id: "h-email", type: "email", label: "Email", required: true, width: "half" },
      { id: "h-phone", type: "tel", label: "Phone", required: false, width: "half" },
      { id: "h-zip", type: "text", label: "ZIP Code", required: true, width: "third" },
      {
        id: "h-service",
        type: "radio",
        label: "Service type",
        required: true,
        options: ["AC repair", "Furnace repair", "New system"],
      },
      { id: "h-submit", type: "submit", label: "Submit", required: false },
    ],
  },
  {
    title: "Solar Consultation",
    description: null,
    niche: "Solar",
    status: "draft" as const,
    saleCap: 1,
    enableMultistep: false,
    fields: [
      { id: "s-name", type: "text", label: "Name", required: true },
      { id: "s-email", type: "email", label: "Email", required: true },
      { id: "s-zip", type: "text", label: "Zip", required: true },
      { id: "s-submit", type: "submit", label: "Book consultation", required: false },
    ],
  },
];

export const DEMO_LEADS = [
  {
    form: 0,
    name: "Carla Jensen",
    email: "carla.jensen@example.com",
    phone: "(303) 555-0101",
    zip: "80203",
    service: "Full replacement",
    daysAgo: 0,
  },
  {
    form: 0,
    name: "Tom Becker",
    email: "tom.becker@example.com",
    phone: "(303) 555-0102",
    zip: "80209",
    service: "Storm damage inspection",
    daysAgo: 1,
  },
  {
    form: 0,
    name: "Aisha Noor",
    email: "aisha.noor@example.com",
    phone: "(720) 555-0103",
    zip: "80301",
    service: "Roof repair",
    daysAgo: 2,
  },
  {
    form: 0,
    name: "Greg Hall",
    email: "greg.hall@example.com",
    phone: "(970) 555-0104",
    zip: "80521",
    service: "Full replacement",
    daysAgo: 3,
  },
  {
    form: 0,
    name: "Nina Flores",
    email: "nina.flores@example.com",
    phone: "(303) 555-0105",
    zip: "80016",
    service: "Roof repair",
    daysAgo: 5,
  },
  {
    form: 1,
    name: "Ravi Patel",
    email: "ravi.patel@example.com",
    phone: "(303) 555-0106",
    zip: "80222",
    service: "AC repair",
    daysAgo: 0,
  },
  {
    form: 1,
    name: "Emma Stone",
    email: "emma.stone@example.com",
    phone: "",
    zip: "80110",
    service: "Furnace repair",
    daysAgo: 4,
  },
  {
    form: 1,
    name: "Luis Romero",
    email: "luis.romero@example.com",
    phone: "(720) 555-0108",
    zip: "80014",
    service: "New system",
    daysAgo: 8,
  },
  {
    form: 1,
    name: "Hannah Wu",
    email: "hannah.wu@example.com",
    phone: "(512) 555-0109",
    zip: "78702",
    service: "AC repair",
    daysAgo: 12,
  },
];

/**
 * Where the demo leads' visitors came from, given to the leads in turn (their form submissions carry
 * it), so the dashboard's "Leads by source" has something to show: a campaign, an ad click, a
 * referring site, and visitors who came straight to the form.
 */
export const DEMO_LEAD_SOURCES = [
  { utm: { utm_source: "google", utm_medium: "cpc", utm_campaign: "spring-roofing" } },
  { clickIds: { fbclid: "demo-fbclid-1" } },
  { referrer: "https://www.yelp.com/biz/summit-home-services" },
  {},
  { utm: { utm_source: "google", utm_medium: "organic" } },
] as const satisfies readonly { utm?: object; clickIds?: object; referrer?: string }[];
