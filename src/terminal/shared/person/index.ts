export { deskMeQueryOptions, fetchDeskMe, useDeskMe, DESK_ME_INTERVAL_MS } from './deskMe';
export { refusalWords, roleWord, rolesText } from './mayWords';
export { fetchSessionPerson, isDesk, personKeys, sessionQueryOptions, usePerson } from './sessionQuery';
export { useMay, type Permission } from './useMay';
