import { dealerships, salespeople } from "~/db/schema/dealerships";
import { db, signedInUser } from "./fixtures";
import { freshMobile } from "./hostile-fixtures";

let seq = 0;

/** A dealership with a head and a salesperson account (the salesperson listed in `salespeople`). */
export async function dealership() {
  const code = `trg-${Date.now().toString(36)}-${seq++}`;
  const [d] = await db()
    .insert(dealerships)
    .values({ code, name: `Trgovec ${code}` })
    .returning();
  if (!d) throw new Error("dealership not inserted");
  const head = await signedInUser({ dealershipId: d.id, dealershipRole: "HEAD", phoneNumber: freshMobile() });
  const salesPhone = freshMobile();
  const sales = await signedInUser({
    dealershipId: d.id,
    dealershipRole: "SALESPERSON",
    phoneNumber: salesPhone,
    firstName: "Sara",
    lastName: "Vidmar",
  });
  await db().insert(salespeople).values({
    dealershipId: d.id,
    phoneNumber: salesPhone,
    firstName: "Sara",
    lastName: "Vidmar",
    userId: sales.user.id,
  });
  return { d, head, sales, salesPhone };
}
