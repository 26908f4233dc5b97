module.exports = {
  ...require('../../jest.preset.cjs'),
  displayName: 'identity-contract',
  rootDir: __dirname,
};
