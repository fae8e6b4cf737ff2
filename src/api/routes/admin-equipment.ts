import { Hono } from "hono";
import { equipmentDescriptorIdParamSchema, equipmentDescriptorInputSchema } from "~/contracts/admin-equipment";
import {
  changeEquipmentDescriptor,
  createEquipmentDescriptor,
  equipmentSegments,
  listEquipmentDescriptors,
  removeEquipmentDescriptor,
} from "~/services/equipment-admin.server";
import type { ApiEnv } from "../env";
import { adminOnly, auditActor } from "../middleware/guards";
import { validate } from "../validate";

/**
 * Additional-equipment descriptors (spec section 7: `POST equipment-descriptor`, `POST`/`DELETE
 * equipment-descriptor/{id}`, `GET equipment-segments`; plus `GET equipment-descriptor`), administrators
 * only. The role is checked before any input.
 */
export const equipmentSegmentRoutes = new Hono<ApiEnv>().get("/", adminOnly, async (c) =>
  c.json(await equipmentSegments(c.get("db"))),
);

export const equipmentDescriptorRoutes = new Hono<ApiEnv>()
  .get("/", adminOnly, async (c) => c.json(await listEquipmentDescriptors(c.get("db"))))
  .post("/", adminOnly, validate("json", equipmentDescriptorInputSchema), async (c) =>
    c.json(await createEquipmentDescriptor(c.get("db"), auditActor(c), c.req.valid("json")), 201),
  )
  .post(
    "/:id",
    adminOnly,
    validate("param", equipmentDescriptorIdParamSchema),
    validate("json", equipmentDescriptorInputSchema),
    async (c) =>
      c.json(await changeEquipmentDescriptor(c.get("db"), auditActor(c), c.req.valid("param").id, c.req.valid("json"))),
  )
  .delete("/:id", adminOnly, validate("param", equipmentDescriptorIdParamSchema), async (c) => {
    await removeEquipmentDescriptor(c.get("db"), auditActor(c), c.req.valid("param").id);
    return c.body(null, 204);
  });
