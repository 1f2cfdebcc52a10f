/**
 * Booking figures for `npm run bench`: the JavaScript the booking widget page ships, and
 * the time to answer a month of free slots for a calendar holding 500 appointments
 * (budget: p95 <= 50 ms on this machine).
 */

const DAY = 86_400_000;

async function json(res) {
  const body = await res.json();
  if (!res.ok) throw new Error(`${res.status} ${JSON.stringify(body)}`);
  return body;
}

/** A calendar open 08:00-20:00 every day in 15-minute slots, 60 days ahead. */
function benchCalendar() {
  const day = [{ start: '08:00', end: '20:00' }];
  return {
    id: 'cal_bench',
    locationId: 'loc_bench',
    slug: 'bench-calendar',
    name: 'Bench calendar',
    slot_duration: 15,
    timezone: 'America/New_York',
    availability: { mon: day, tue: day, wed: day, thu: day, fri: day, sat: day, sun: day },
    allow_booking_for: 60,
    allow_booking_for_unit: 'days',
  };
}

/** Books `count` slots of the next month, a few requests at a time. */
async function fillCalendar(origin, count) {
  const now = Date.now();
  const slots = Object.values(
    await json(await fetch(`${origin}/api/appointment/free-slots?calendar_id=cal_bench&startDate=${now}&endDate=${now + 45 * DAY}&timezone=UTC`)),
  ).flatMap((d) => d.slots);
  const step = Math.max(1, Math.floor(slots.length / count));
  const chosen = slots.filter((_, i) => i % step === 0).slice(0, count);
  let booked = 0;
  const book = async (slot, i) => {
    const body = new FormData();
    body.set(
      'formData',
      JSON.stringify({
        calendar_id: 'cal_bench',
        selected_slot: slot,
        selected_timezone: 'UTC',
        first_name: 'Bench',
        last_name: `N${i}`,
        phone: '+12025550100',
        email: `bench${i}@example.com`,
      }),
    );
    if ((await fetch(`${origin}/api/appointment`, { method: 'POST', body })).ok) booked += 1;
  };
  for (let i = 0; i < chosen.length; i += 4) await Promise.all(chosen.slice(i, i + 4).map((slot, j) => book(slot, i + j)));
  return booked;
}

/** `time` answers a text, or an object carrying it. */
const text = (timing) => (typeof timing === 'string' ? timing : timing.text);

export async function benchBooking({ origin, admin, time, scriptsOf, rounds }) {
  console.log('\nBooking widget:');
  for (const path of ['/widget/booking/cal_discovery', '/widget/booking/cal_strategy']) {
    const s = await scriptsOf(`${origin}${path}`);
    console.log(
      `  JS of ${path.padEnd(30)} ${String(s.files).padStart(2)} files  ${(s.raw / 1024).toFixed(1).padStart(7)} KB raw  ${(s.gzip / 1024).toFixed(1).padStart(6)} KB gzip (budget 110 KB; Stripe.js and the card field load only at a paid card step)`,
    );
  }
  await admin('PUT', '/calendars/cal_bench', benchCalendar());
  const booked = await fillCalendar(origin, 500);
  const start = new Date();
  const from = Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1) - 14 * 3_600_000;
  const to = Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 2, 1) + 14 * 3_600_000;
  const url = `${origin}/api/appointment/free-slots?calendar_id=cal_bench&startDate=${from}&endDate=${to}&timezone=Europe/Berlin`;
  await time(url, 10);
  console.log(`  a month of free slots, ${booked} appointments: ${text(await time(url, rounds))}  (budget p95 <= 50 ms)`);
  // What any API call costs on this machine right now (wrangler's proxy, workerd, one D1 query): read the line above against it.
  console.log(`  baseline, GET /api/ (one D1 SELECT 1):       ${text(await time(`${origin}/api/`, rounds))}`);
}
