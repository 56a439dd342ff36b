// The rules live in the interface: the proxy checks a person's stored settings by them too.
export * from '@/interface/keyRules';
