// Local stand-in for the analytics tag (DEV_OUTBOX on): proves the script ran, sends nothing anywhere.
window.__avtotrgAnalytics = true;
