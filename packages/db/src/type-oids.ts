export const DATE_OID = 1082;
export const INT8_OID = 20;
export const NUMERIC_OID = 1700;
