import { createContext, useContext } from 'react';

/**
 * A deletion of the account, between the account page that asks for it and the account area around it (AccountArea):
 * once the provider has deleted the account, the page calls `onDeleted`, and the area shows the page without the
 * account's frame (its login check, navigation and session watch), the page then showing its confirmation (`deleted`).
 */
export interface AccountDeletion {
  deleted: boolean;
  onDeleted: () => void;
}

export const AccountDeletionContext = createContext<AccountDeletion>({ deleted: false, onDeleted: () => undefined });

export const useAccountDeletion = (): AccountDeletion => useContext(AccountDeletionContext);
