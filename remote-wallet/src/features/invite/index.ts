// The public entry of the invite feature: what other features of this remote may use.
export { InviteeList } from './components/InvitePanel';
