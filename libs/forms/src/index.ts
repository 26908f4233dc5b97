export { GENERIC_FORMAT_MESSAGE, zipCodeRule, zipCodeSchema, type ZipCodeRule } from './zip-code';
