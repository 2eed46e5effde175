print(os.execute("echo hi; exit 3"))
os.execute("sleep 1017")
