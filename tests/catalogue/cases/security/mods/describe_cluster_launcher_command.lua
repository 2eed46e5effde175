-- launcher.command is any executable: here a script shipped beside the machine file.
return machine { name = "c", nodes = 1, speed = 1, hosts = { "localhost" },
  launcher = { kind = "mpirun", command = "tests/catalogue/cases/security/mods/describe_cluster_fake_mpirun.sh" } }
