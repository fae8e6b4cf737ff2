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

/** `DELETE dealer/{code}`: refused while the dealership has postings or members. */
export const useDeleteDealership = (onDone: () => unknown) =>
  useConfirmedWrite((code: string) => deleteAdminDealership(code), onDone);

/** `DELETE dealer-network/{code}`. */
export const useDeleteDealerNetwork = (onDone: () => unknown) =>
  useConfirmedWrite((code: string) => deleteDealerNetwork(code), onDone);

/** `DELETE admin/salespeople/{phoneNumber}`. */
export const useDeleteSalesperson = (onDone: () => unknown) =>
  useConfirmedWrite((phoneNumber: string) => deleteAdminSalesperson(phoneNumber), onDone);

/** `POST dealer-signup-interest/{id}/confirm`: the request becomes a dealership (its code in the answer). */
export const useConfirmDealerSignup = (onDone: Done<ReturnType<typeof confirmDealerSignup>>) =>
  useConfirmedWrite((id: number) => confirmDealerSignup(id), onDone);

/** `POST dealer-signup-interest/{id}/reject`. */
export const useRejectDealerSignup = (onDone: () => unknown) =>
  useConfirmedWrite((id: number) => rejectDealerSignup(id), onDone);

/** `POST /impersonate/{id}`: the session cookie now belongs to the other user. */
export const useImpersonate = (onDone: () => unknown) => useConfirmedWrite((id: number) => impersonate(id), onDone);
