import { useConfirmedWrite } from "~/client/use-confirmed-write";
import {
  confirmDealerSignup,
  deleteAdminDealership,
  deleteAdminSalesperson,
  deleteArticle,
  deleteDealerNetwork,
  deleteEquipmentDescriptor,
  impersonate,
  rejectDealerSignup,
} from "./admin.mutations";

type Done<T> = (data: Awaited<T>) => unknown;

/** `DELETE search-page-article/{id}`: the article and its picture go (the audit log keeps it). */
export const useDeleteArticle = (onDone: () => unknown) => useConfirmedWrite((id: number) => deleteArticle(id), onDone);

/** `DELETE equipment-descriptor/{id}`: postings no longer show it under »več«. */
export const useDeleteEquipmentDescriptor = (onDone: () => unknown) =>
  useConfirmedWrite((id: number) => deleteEquipmentDescriptor(id), onDone);

type TypedDelete = { code: string; confirmName: string };

/** `DELETE dealer/{code}` with the typed name (decision 073): refused while the dealership has postings or members. */
export const useDeleteDealership = (onDone: () => unknown) =>
  useConfirmedWrite((d: TypedDelete) => deleteAdminDealership(d.code, d.confirmName), onDone);

/** `DELETE dealer-network/{code}` with the typed name: refused while dealerships belong to the network. */
export const useDeleteDealerNetwork = (onDone: () => unknown) =>
  useConfirmedWrite((d: TypedDelete) => deleteDealerNetwork(d.code, d.confirmName), onDone);

/** `DELETE admin/salespeople/{phoneNumber}`. */
export const useDeleteSalesperson = (onDone: () => unknown) =>
  useConfirmedWrite((phoneNumber: string) => deleteAdminSalesperson(phoneNumber), onDone);

/** `POST dealer-signup-interest/{id}/confirm`: the request becomes a dealership (its code in the answer). */
export const useConfirmDealerSignup = (onDone: Done<ReturnType<typeof confirmDealerSignup>>) =>
  useConfirmedWrite((id: number) => confirmDealerSignup(id), onDone);

/** `POST dealer-signup-interest/{id}/reject`. */
export const useRejectDealerSignup = (onDone: () => unknown) =>
  useConfirmedWrite((id: number) => rejectDealerSignup(id), onDone);

/** `POST /impersonate/{id}`: the session cookie now belongs to the other user; stopping comes back to this page. */
export const useImpersonate = (onDone: () => unknown) =>
  useConfirmedWrite((id: number) => impersonate(id, `${window.location.pathname}${window.location.search}`), onDone);
