module.exports = {
  ...require('../../jest.preset.cjs'),
  displayName: 'preference-centre',
  rootDir: __dirname,
};
