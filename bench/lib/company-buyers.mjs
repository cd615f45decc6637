// COMPANY_BUYERS for the submission and purchase benches: a company's buyers spread over the lower 48
// states at real zip centroids (radius 10–100 miles, seeded random, so every run writes the same ones),
// the way bench/routing.mjs seeds its company. nicheId null: buyers of every niche. With `metroZips` the
// buyers are packed instead around those zips (within about 15 miles of one of them, radius 30–100 miles),
// so a lead at one of them matches about count / metroZips.length buyers.
import zipcodes from "zipcodes";

export const companyBuyerCount = () => Number(process.env.COMPANY_BUYERS ?? 0);

export async function seedCompanyBuyers(
  pool,
  companyId,
  count,
  { nicheId = null, emailPrefix = "spread", metroZips = null } = {},
) {
  if (count <= 0) return;
  let seed = 7;
  const rand = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const zips = Object.values(zipcodes.codes).filter(
    (z) =>
      z.country === "US" && z.latitude > 24 && z.latitude < 50 && z.longitude > -125 && z.longitude < -66,
  );
  const metros = metroZips?.map((zip) => zipcodes.lookup(zip));
  const place = (i) => {
    if (!metros) {
      const z = zips[Math.floor(rand() * zips.length)];
      return [z.zip, z.latitude, z.longitude, 10 + Math.floor(rand() * 91)];
    }
    const m = metros[i % metros.length];
    // Up to about 0.2 degrees (≈ 14 miles) from the metro's centroid.
    const lat = m.latitude + (rand() - 0.5) * 0.4;
    const lng = m.longitude + (rand() - 0.5) * 0.4;
    return [m.zip, lat, lng, 30 + Math.floor(rand() * 71)];
  };
  for (let offset = 0; offset < count; offset += 1000) {
    const values = [];
    const params = [];
    for (let i = offset; i < Math.min(count, offset + 1000); i++) {
      const [zip, latitude, longitude, radius] = place(i);
      const row = [
        companyId,
        `${emailPrefix}${i}@bench.test`,
        `Buyer ${i}`,
        zip,
        latitude,
        longitude,
        radius,
        nicheId,
      ];
      values.push(`(${row.map((_, k) => `$${params.length + k + 1}`).join(", ")}, 'active')`);
      params.push(...row);
    }
    await pool.query(
      `insert into buyers (company_id, email, contact_name, zip_code, latitude, longitude, service_radius, niche_id, status)
       values ${values.join(", ")}`,
      params,
    );
  }
  await pool.query("analyze buyers");
}
