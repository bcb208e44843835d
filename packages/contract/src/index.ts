export * from './limits';
export * from './errors';
export * from './schemas';
export * from './functions';
export * from './shelf';
export * from './social';
export * from './strings';
export * from './realtime';
