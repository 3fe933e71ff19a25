module.exports = { ...require('./validate'), ...require('./rules') };
