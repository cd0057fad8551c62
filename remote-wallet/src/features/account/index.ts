// The public entry of the account feature: what other features of this remote may use.
export { type Invitee } from './api/profileApi';
export { PasswordsDialog } from './components/PasswordsDialog';
export { useInvitees, useUserInfo } from './hooks/useAccountQueries';
